import type { SourceRef } from '../diagnostics.ts';

/**
 * Where a line of an injection template sits in the Injector tab's text: templates live as block
 * scalars under `templates:` inside the ConfigMap's `data.config` block, so a template error's
 * line:column can be turned into a line:column of the user's text. Undefined when the text is not
 * laid out that way (e.g. JSON), in which case the error stays on the template.
 */
export function templateSourceInInjector(text: string, configAt: SourceRef | undefined, template: string, line: number, column: number): SourceRef | undefined {
  if (!configAt) return undefined;
  const lines = text.split('\n');
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const header = new RegExp(`^(\\s*)(?:"${escaped}"|'${escaped}'|${escaped}):\\s*[|>][-+0-9]*\\s*$`);
  let inTemplates = false;
  for (let i = configAt.line; i < lines.length; i++) {
    if (/^\s*templates:\s*$/.test(lines[i])) inTemplates = true;
    const m = inTemplates ? header.exec(lines[i]) : null;
    if (!m) continue;
    const first = lines.slice(i + 1).find((l) => l.trim() !== '');
    if (!first) return undefined;
    const indent = first.length - first.trimStart().length;
    const target = i + line; // the template's line 1 is the line after its header
    if (target >= lines.length) return undefined;
    return { input: 'injector', line: target + 1, column: indent + column };
  }
  return undefined;
}
