import type { Company } from '@toolworks/contract/companies';

export const day = (iso: string) => iso.slice(0, 10);

/** What the admin reads of the VAT ID's standing with VIES (issue 51). */
export function vatBadge(company: Company): { text: string; tone: string } {
  const evidence = company.vatEvidence;
  switch (company.vatStatus) {
    case 'valid': {
      const consultation = evidence?.requestIdentifier
        ? ` (consultation ${evidence.requestIdentifier})`
        : '';
      return {
        text: `VAT ID verified ${day(evidence?.checkedAt ?? company.updatedAt)}${consultation}`,
        tone: 'ok',
      };
    }
    case 'invalid':
      return { text: 'Invalid', tone: 'bad' };
    case 'unavailable':
      return { text: 'Check failed, retrying', tone: 'warn' };
    case 'unchecked':
      return { text: 'Not an EU VAT ID: not verified with VIES', tone: 'muted' };
    default:
      return { text: 'Not verified', tone: 'muted' };
  }
}
