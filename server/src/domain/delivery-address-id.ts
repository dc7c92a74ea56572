import { createHash } from 'node:crypto';

/**
 * A company's delivery address has no stored id: it is named by a digest of its label and text
 * (24 hex, an id's shape). An edited address gets a new id, so a checkout that names the old one
 * is refused rather than delivered to where the company no longer wants it.
 */
export function deliveryAddressId(address: { label: string; address: string }): string {
  return createHash('sha256')
    .update(`${address.label}\u0000${address.address}`)
    .digest('hex')
    .slice(0, 24);
}
