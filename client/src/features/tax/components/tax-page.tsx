import type { ReactNode } from 'react';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { ExpiringCertificates } from './expiring-certificates';
import { NexusSection } from './nexus-section';
import { VatRatesSection } from './vat-rates-section';
import './tax.css';

/**
 * The admin's Tax page (issue 51): the rates the tax decision reads, the certificates about to
 * lapse, and (composed by the route, from the tax reports feature) the meters and the reports.
 * The seller's own settings (SELLER_COUNTRY, SELLER_VAT_ID, SELLER_STATE) are the server's
 * configuration and no API shows them yet, so they are not on this page.
 */
export function TaxPage({ meters, reports }: { meters?: ReactNode; reports?: ReactNode }) {
  const { toast, show, dismiss } = useToast();
  return (
    <section className="tax-page" aria-labelledby="tax-title">
      <title>Tax · Toolworks</title>
      <h1 id="tax-title">Tax</h1>
      <ExpiringCertificates />
      <VatRatesSection onDone={show} />
      <NexusSection onDone={show} />
      {/* Nexus meter: per state, this year's revenue and orders against the thresholds. */}
      {meters}
      {/* Reports: the EC Sales List, OSS and US sales tax CSVs. */}
      {reports}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
