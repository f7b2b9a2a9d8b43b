/**
 * sprig's crypto, certificate and network functions. They are registered so a template that
 * names them parses as it does in istiod (one unknown name breaks the whole injector config), but
 * what they return is random keys, salted hashes or DNS answers that a simulator cannot
 * reproduce, so calling one stops the render with an error that says so. randBytes is real.
 */
import { GoError, goFunc, type GoFunc, type GoType } from '../values.ts';
import { base64Encode } from './encoding.ts';

/** Begins the error of every function here. */
const NOT_SIMULATED = 'meshsim does not simulate this';

/** Whether a render error comes from a function here: meshsim's gap, not a failure istiod would have. */
export function isNotSimulated(message: string): boolean {
  return message.includes(NOT_SIMULATED);
}

const S = 'string';
const ANY = 'interface {}';
const LIST = '[]interface {}';

function unsimulated(params: GoType[], what: string): GoFunc {
  return goFunc(params, () => {
    throw new GoError(`${NOT_SIMULATED}: ${what}`);
  }, { result: S });
}

/** crypto/rand bytes, base64; like `repeat`, refused past 16 MB. */
function randBytes(count: bigint): string {
  if (count < 0n) throw new GoError('runtime error: makeslice: len out of range');
  if (count > 12_000_000n) throw new GoError('randBytes: the result would exceed 16 MB');
  const bytes = new Uint8Array(Number(count));
  for (let i = 0; i < bytes.length; i += 65536) globalThis.crypto.getRandomValues(bytes.subarray(i, i + 65536));
  return base64Encode(bytes);
}

export function unsimulatedFuncs(): Record<string, GoFunc> {
  const keys = 'it generates a new private key or certificate, different on every render';
  const salted = 'it hashes with a random salt, different on every render';
  const aes = 'AES encryption with a random IV';
  return {
    randBytes: goFunc(['int'], randBytes, { result: S }),
    bcrypt: unsimulated([S], salted),
    htpasswd: unsimulated([S, S], salted),
    derivePassword: unsimulated(['uint32', S, S, S, S], 'Master Password derivation (scrypt)'),
    encryptAES: unsimulated([S, S], aes),
    decryptAES: unsimulated([S, S], aes),
    genPrivateKey: unsimulated([S], keys),
    buildCustomCert: unsimulated([S, S], 'certificates are not parsed'),
    genCA: unsimulated([S, 'int'], keys),
    genCAWithKey: unsimulated([S, 'int', S], keys),
    genSelfSignedCert: unsimulated([S, LIST, LIST, 'int'], keys),
    genSelfSignedCertWithKey: unsimulated([S, LIST, LIST, 'int', S], keys),
    genSignedCert: unsimulated([S, LIST, LIST, 'int', ANY], keys),
    genSignedCertWithKey: unsimulated([S, LIST, LIST, 'int', ANY, S], keys),
    getHostByName: unsimulated([S], 'a DNS lookup, which a browser cannot make'),
  };
}
