import { describe, expect, it } from 'vitest';
import { proxyImages } from './images.ts';

const values = (global: Record<string, unknown>) => ({ global: { hub: 'hub.io', tag: 'latest', proxy: {}, proxy_init: {}, ...global } });

describe('proxyImages', () => {
  it.each([
    ['defaults', values({}), undefined, {}, 'hub.io/proxyv2:latest', 'hub.io/proxyv2:latest'],
    ['custom proxy image name', values({ proxy: { image: 'proxyTest' } }), undefined, {}, 'hub.io/proxyTest:latest', 'hub.io/proxyv2:latest'],
    ['a full image reference is used as is', values({ proxy: { image: 'docker.io/x/y:1' } }), undefined, {}, 'docker.io/x/y:1', 'hub.io/proxyv2:latest'],
    ['variant applies to both', values({ variant: 'distroless', tag: '1.2-debug' }), undefined, {}, 'hub.io/proxyv2:1.2-distroless', 'hub.io/proxyv2:1.2-distroless'],
    ['ProxyConfig image type only for the proxy', values({}), 'debug', {}, 'hub.io/proxyv2:latest-debug', 'hub.io/proxyv2:latest'],
    ['annotation wins, default means none', values({ variant: 'distroless' }), 'debug', { 'sidecar.istio.io/proxyImageType': 'default' }, 'hub.io/proxyv2:latest', 'hub.io/proxyv2:latest'],
    ['numeric tags print as Go prints float64', values({ tag: 1.5 }), undefined, {}, 'hub.io/proxyv2:1.5', 'hub.io/proxyv2:1.5'],
  ])('%s', (_, v, type, annotations, proxy, init) => {
    expect(proxyImages(v, type === undefined ? undefined : { imageType: type }, annotations)).toEqual({ proxyImage: proxy, proxyInitImage: init });
  });

  it('1.22–1.30: a ProxyConfig image without imageType replaces the variant with nothing', () => {
    const v = values({ variant: 'distroless', tag: '1.2' });
    expect(proxyImages(v, {}, {}, true).proxyImage).toBe('hub.io/proxyv2:1.2');
    expect(proxyImages(v, {}, {}, false).proxyImage).toBe('hub.io/proxyv2:1.2-distroless');
    expect(proxyImages(v, undefined, {}, true).proxyImage).toBe('hub.io/proxyv2:1.2-distroless');
  });
});
