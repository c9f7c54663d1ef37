import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * The server's Ed25519 key that seals every e-CMR event (decision 013). The private key never
 * leaves the process (nor its logs); the public key is published so that anyone can verify a
 * copy offline.
 */
export interface SelloEcmr {
  /** First 16 hex characters of the SHA-256 of the public key's SPKI encoding. */
  claveId: string;
  publicKey: KeyObject;
  /** Ed25519 signature (base64) of an event hash (its 32 bytes). */
  sellar(hashHex: string): string;
}

/** A fresh private key, PKCS#8 PEM: what `ajustes` keeps. */
export function generarClavePrivada(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The id events name their key by. */
export function claveIdDe(publicKey: KeyObject): string {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('hex').slice(0, 16);
}

/** The sealer of a stored private key. */
export function selloDe(privatePem: string): SelloEcmr {
  const privateKey = createPrivateKey(privatePem);
  const publicKey = createPublicKey(privateKey);
  return {
    claveId: claveIdDe(publicKey),
    publicKey,
    sellar: (hashHex) => sign(null, Buffer.from(hashHex, 'hex'), privateKey).toString('base64'),
  };
}

/** Whether `sello` is the Ed25519 signature of `hashHex` by this public key. */
export function selloValido(publicKey: KeyObject, hashHex: string, sello: string): boolean {
  try {
    return verify(null, Buffer.from(hashHex, 'hex'), publicKey, Buffer.from(sello, 'base64'));
  } catch {
    return false;
  }
}
