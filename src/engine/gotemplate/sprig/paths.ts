/** Go's `path` package (slash-separated paths), behind sprig's base/dir/clean/ext/isAbs and os* twins. */

export function clean(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(part);
  }
  const s = (rooted ? '/' : '') + out.join('/');
  return s === '' ? '.' : s;
}

export function base(p: string): string {
  if (p === '') return '.';
  p = p.replace(/\/+$/, '');
  const i = p.lastIndexOf('/');
  if (i >= 0) p = p.slice(i + 1);
  return p === '' ? '/' : p;
}

export function dir(p: string): string {
  const i = p.lastIndexOf('/');
  return clean(p.slice(0, i + 1));
}

export function ext(p: string): string {
  for (let i = p.length - 1; i >= 0 && p[i] !== '/'; i--) if (p[i] === '.') return p.slice(i);
  return '';
}

export function isAbs(p: string): boolean {
  return p.startsWith('/');
}
