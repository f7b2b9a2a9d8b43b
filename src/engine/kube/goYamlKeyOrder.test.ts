import { describe, expect, it } from 'vitest';
import { compareGoYamlKeys } from './goYamlKeyOrder.ts';

describe('compareGoYamlKeys', () => {
  it.each([
    [['b', 'a', 'B'], ['B', 'a', 'b']],
    [['a10', 'a9', 'a1'], ['a1', 'a9', 'a10']],
    [['x', '-x', '9', '10'], ['-x', '9', '10', 'x']],
    [['a.b', 'a-b', 'a_b', 'ab'], ['a-b', 'a.b', 'a_b', 'ab']],
    [['a01', 'a1', 'a001'], ['a1', 'a01', 'a001']],
    [['é', 'z', 'Z'], ['Z', 'z', 'é']],
    [['app', 'apps', 'ap'], ['ap', 'app', 'apps']],
  ])('sorts %j as %j', (input, expected) => {
    expect([...input].sort(compareGoYamlKeys)).toEqual(expected);
  });
});
