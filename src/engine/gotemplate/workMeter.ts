/**
 * Work done inside a function call, charged to the running template's step budget.
 *
 * `{{ $x = list $x $x }}` in a loop builds, in a few dozen steps, a value that shares its parts:
 * 25 rounds make 2^25 nodes to print, encode, copy or compare. Go would walk them all (for hours, or
 * until memory runs out); a step budget that counts only template nodes never sees that work. So
 * the functions that walk values report each node they visit here, and the executor counts it as
 * a step.
 *
 * This is module state because sprig's functions are plain functions with no execution context;
 * the engine is synchronous, so exactly one template run is metered at a time, and a nested run
 * restores the outer meter when it ends.
 */
type Charge = (units: number) => void;

/**
 * What one value node costs, in template steps. Visiting a node (allocating, sorting a map's keys,
 * appending text) measures about four times a template step, so 5M steps stop a walk in roughly
 * the time they stop a loop; values a real template walks (a ProxyConfig, the values tree) cost
 * a few thousand steps.
 */
const STEPS_PER_NODE = 4;

let active: Charge | undefined;

/** Runs `fn` with the work walkers report going to `charge`. */
export function withWorkMeter<T>(charge: Charge, fn: () => T): T {
  const saved = active;
  active = charge;
  try {
    return fn();
  } finally {
    active = saved;
  }
}

/** Reports work: one value node visited, copied or compared. Outside a template run it is free. */
export function chargeWork(): void {
  active?.(STEPS_PER_NODE);
}

/** Reports work measured in template steps directly (a regexp run over a text, for instance). */
export function chargeSteps(steps: number): void {
  if (steps > 0) active?.(steps);
}
