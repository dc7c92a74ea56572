import type { ImportReport, ImportRow } from '@toolworks/contract/catalogue-import';
import { CATALOGUE_COLUMNS } from '@toolworks/contract/catalogue-import';
import { useId, useState } from 'react';
import { saveFile } from '@/lib/download-file';
import { exportCatalogueCsv } from '../api/export-catalogue';
import { useImportCatalogue } from '../api/import-catalogue';
import { formatCount } from '@/lib/format';
import './catalogue-import.css';

const count = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

// A 20,000-row file lists every row: the table draws the first ones until asked for all.
const FIRST_ROWS = 100;

const RESULT = { create: 'Add', change: 'Change', refuse: 'Refused' } as const;
const DONE = { create: 'Added', change: 'Changed', refuse: 'Refused' } as const;

function RowDetails({ row }: { row: ImportRow }) {
  if (row.action === 'refuse') return <>{row.problems?.join('; ')}</>;
  return (
    <>
      <span className="import-name">{row.name}</span>
      {row.changes?.length ? (
        <ul className="import-changes">
          {row.changes.map((change) => (
            <li key={change.field}>
              {change.field}: {change.from || '(blank)'} → {change.to || '(blank)'}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ReportTable({ report }: { report: ImportReport }) {
  const [all, setAll] = useState(false);
  if (!report.rows.length) return null;
  const shown = all ? report.rows : report.rows.slice(0, FIRST_ROWS);
  const result = report.applied ? DONE : RESULT;
  return (
    <div className="import-table-wrap">
      <table className="import-table">
        <caption>Rows to add, change or refuse</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">SKU</th>
            <th scope="col">Result</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.row} className={`import-${row.action}`}>
              <td>{row.row}</td>
              <td className="import-sku">{row.sku || '—'}</td>
              <td>{result[row.action]}</td>
              <td>
                <RowDetails row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length < report.rows.length ? (
        <button type="button" className="btn btn-secondary" onClick={() => setAll(true)}>
          Show all {formatCount(report.rows.length)} rows
        </button>
      ) : null}
    </div>
  );
}

/**
 * Catalogue Import/Export (admins): download the catalogue, upload an edited CSV for a dry run
 * that says row by row what would happen, then Apply it in one go.
 */
export function CatalogueImport() {
  const fileId = useId();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const run = useImportCatalogue();
  const report = run.data;

  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      saveFile(await exportCatalogueCsv());
    } catch (caught) {
      setExportError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setExporting(false);
    }
  };

  const onFile = async (file: File | undefined) => {
    run.reset();
    if (!file) return setCsv(null);
    const text = await file.text();
    setCsv({ name: file.name, text });
    run.mutate({ csv: text, dryRun: true });
  };

  const busyText = run.isPending
    ? run.variables?.dryRun
      ? 'Checking every row of the file…'
      : 'Importing: writing every row in one go…'
    : null;

  return (
    <section className="catalogue-import" aria-labelledby="catalogue-import-title">
      <title>Import/Export · Toolworks</title>
      <header>
        <h1 id="catalogue-import-title">Catalogue Import/Export</h1>
        <p className="muted">
          Export the catalogue as a spreadsheet, edit it, and import it back. Rows are matched by
          SKU: a new SKU adds a tool, a known one updates it.
        </p>
      </header>

      <div className="card">
        <div className="card-body">
          <h2>Export</h2>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void onExport()}
            disabled={exporting}
          >
            {exporting ? 'Exporting…' : 'Export catalogue CSV'}
          </button>
          {exportError ? (
            <p role="alert" className="field-error">
              {exportError}
            </p>
          ) : null}
        </div>
      </div>

      <div className="card">
        <div className="card-body">
          <h2>Import</h2>
          <p className="muted import-format">
            Columns: {CATALOGUE_COLUMNS.join(', ')}. Volume prices read like{' '}
            <code>50:2.50; 200:2.15</code>, specifications like{' '}
            <code>Drive: 1/2 in | Weight: 1.2 kg</code>.
          </p>
          <label htmlFor={fileId} className="form-label">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="form-control"
            disabled={run.isPending}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />

          {busyText ? (
            <div className="import-progress" role="status">
              <progress aria-label={busyText} />
              <span>{busyText}</span>
            </div>
          ) : null}

          {run.isError ? (
            <p role="alert" className="alert alert-danger">
              {run.error.message}
            </p>
          ) : null}

          {report && !run.isPending ? (
            <div className="import-report">
              <p
                role="status"
                className={report.applied ? 'alert alert-success' : 'alert alert-info'}
              >
                {report.applied ? 'Imported. ' : `Dry run of ${csv?.name ?? 'the file'}: `}
                {count(report.counts.create, 'tool')} {report.applied ? 'added' : 'to add'},{' '}
                {count(report.counts.change, 'tool')} {report.applied ? 'changed' : 'to change'},{' '}
                {count(report.counts.unchanged, 'row')} unchanged,{' '}
                {count(report.counts.refuse, 'row')} refused.
              </p>
              <ReportTable key={run.submittedAt} report={report} />
              {!report.applied ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={
                    !csv ||
                    report.counts.refuse > 0 ||
                    report.counts.create + report.counts.change === 0
                  }
                  onClick={() => csv && run.mutate({ csv: csv.text, dryRun: false })}
                >
                  Apply import
                </button>
              ) : null}
              {!report.applied && report.counts.refuse > 0 ? (
                <p className="muted">Fix the refused rows and upload the file again to apply it.</p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
