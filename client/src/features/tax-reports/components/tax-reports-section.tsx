import { useId, useMemo, useState } from 'react';
import { saveFile } from '@/lib/download-file';
import { downloadTaxReport, type TaxReport } from '../api/download-report';
import { monthLabel, quarterLabel, recentMonths, recentQuarters } from './report-periods';
import './tax-reports.css';

const REPORTS: { report: TaxReport; name: string; about: string; per: 'quarter' | 'month' }[] = [
  {
    report: 'ec-sales-list',
    name: 'EC Sales List',
    about: 'Tax-free supplies to EU businesses with a verified VAT ID, one row per VAT ID.',
    per: 'quarter',
  },
  {
    report: 'oss',
    name: 'OSS return',
    about:
      'Sales to consumers in other EU countries taxed at their rate, per country and VAT rate.',
    per: 'quarter',
  },
  {
    report: 'sales-tax',
    name: 'US sales tax',
    about: 'Per US state: taxable, exempt and no-nexus sales, and the sales tax charged.',
    per: 'month',
  },
];

function DownloadButton({
  report,
  name,
  about,
  period,
}: {
  report: TaxReport;
  name: string;
  about: string;
  period: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const aboutId = useId();

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await downloadTaxReport(report, period));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="tax-report">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void run()}
        disabled={busy}
        aria-busy={busy}
        aria-describedby={aboutId}
      >
        {busy ? 'Downloading…' : `Download ${name} (CSV)`}
      </button>
      <p id={aboutId} className="muted tax-report-about">
        {about}
      </p>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The tax reports (admins): pick a quarter for the EU returns and a month for US sales tax, then
 * download each as CSV. Periods are UTC calendar periods, as the server counts them.
 */
export function TaxReportsSection() {
  const { quarters, months } = useMemo(() => {
    const now = new Date();
    return { quarters: recentQuarters(now), months: recentMonths(now) };
  }, []);
  // The last complete period: the one a return is filed for.
  const [quarter, setQuarter] = useState(quarters[1]!);
  const [month, setMonth] = useState(months[1]!);
  const ids = { quarter: useId(), month: useId(), title: useId() };

  return (
    <section className="card tax-reports" aria-labelledby={ids.title}>
      <div className="card-body">
        <h2 id={ids.title}>Tax reports</h2>
        <p className="muted">
          Orders sold (confirmed, paid, shipped or delivered), by the day they were placed. Refunds
          and credit notes are not subtracted yet.
        </p>
        <div className="tax-report-periods">
          <div className="field">
            <label className="label" htmlFor={ids.quarter}>
              Quarter
            </label>
            <select
              id={ids.quarter}
              className="input"
              value={quarter}
              onChange={(e) => setQuarter(e.target.value)}
            >
              {quarters.map((q) => (
                <option key={q} value={q}>
                  {quarterLabel(q)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="label" htmlFor={ids.month}>
              Month
            </label>
            <select
              id={ids.month}
              className="input"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
            >
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ul className="tax-report-list">
          {REPORTS.map(({ report, name, about, per }) => (
            <DownloadButton
              key={report}
              report={report}
              name={name}
              about={`${about} For ${per === 'quarter' ? quarterLabel(quarter) : monthLabel(month)}.`}
              period={per === 'quarter' ? quarter : month}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
