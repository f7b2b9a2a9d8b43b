/**
 * Splits a YAML stream into documents the way kube-inject's reader (apimachinery's YAMLReader) does:
 * a line starting with `---` ends a document, only spaces or a comment may follow it on that line,
 * and empty documents are skipped. Each chunk keeps its text byte for byte (pass-through needs it).
 */
export function splitYamlChunks(text: string): { chunks: string[]; error?: string } {
  const chunks: string[] = [];
  let buffer = '';
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  for (const line of lines) {
    if (line.startsWith('---')) {
      const after = line.slice(3).trim();
      if (after.length && !after.startsWith('#')) return { chunks, error: `yaml: invalid document separator: ${line.trim()}` };
      if (buffer.length) chunks.push(buffer);
      buffer = '';
      continue;
    }
    buffer += line;
  }
  if (buffer.length) chunks.push(buffer);
  return { chunks };
}
