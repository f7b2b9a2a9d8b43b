import { formatValue, type GoValue } from '../gotemplate/index.ts';

/**
 * The proxy and init images: `<hub>/<image>:<tag>[-<type>]`. The image type comes from the pod's
 * `sidecar.istio.io/proxyImageType`, else the ProxyConfig's image.imageType (proxy only), else
 * global.variant; a trailing -debug/-distroless on the tag is replaced by it.
 */
export function proxyImages(
  values: Record<string, any>,
  proxyConfigImage: { imageType?: string } | undefined,
  annotations: Record<string, string>,
  /** 1.22–1.30: a ProxyConfig `image` set at all replaces the variant with its imageType, even "". */
  imageTypeFromAnyImage = false,
): { proxyImage: string; proxyInitImage: string } {
  const proxyConfigImageType = proxyConfigImage?.imageType;
  const global = values.global ?? {};
  const hub = String(global.hub ?? '');
  const tag = goPrint(global.tag);
  const variant = typeof global.variant === 'string' ? global.variant : '';
  const annotated = annotations['sidecar.istio.io/proxyImageType'];
  const fromProxyConfig = imageTypeFromAnyImage ? (proxyConfigImage ? (proxyConfigImageType ?? '') : undefined) : proxyConfigImageType || undefined;
  const proxyType = annotated ?? fromProxyConfig ?? variant;
  const initType = annotated ?? variant;
  return {
    proxyImage: imageURL(hub, String(global.proxy?.image || 'proxyv2'), tag, proxyType),
    proxyInitImage: imageURL(hub, String(global.proxy_init?.image || 'proxyv2'), tag, initType),
  };
}

function imageURL(hub: string, image: string, tag: string, type: string): string {
  if (image.includes('/')) return image;
  let t = tag.replace(/-(debug|distroless)$/, '');
  if (type && type !== 'default') t = `${t}-${type}`;
  return `${hub}/${image}:${t}`;
}

/**
 * Go's fmt.Sprint of global.tag, which the Values proto types as any JSON value (numbers are
 * float64, a map prints as `map[a:1]`); an absent or null tag is empty.
 */
function goPrint(v: unknown): string {
  if (v === undefined || v === null) return '';
  return formatValue(v as GoValue);
}
