import {
  MAX_QUICK_ORDER_CHECK_LINES,
  type QuickOrderLine,
  type QuickOrderTool,
} from '@toolworks/contract/quick-order';
import { MAX_CART_LINES } from '@toolworks/contract/cart-limits';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatPrice, formatPriceFor } from '@/lib/format';
import { checkQuickOrder } from '../api/check-quick-order';
import { parseLines } from '../parse-lines';
import './quick-order.css';

/** A line ready for the cart, as app/ hands it to the cart feature. */
export interface QuickOrderAddLine {
  tool: QuickOrderTool;
  quantity: number;
}

export interface QuickOrderAddResult {
  added: number;
  /** Lines the cart took otherwise or not at all, in words. */
  notes: string[];
}

interface QuickOrderPageProps {
  onAdd: (lines: QuickOrderAddLine[]) => Promise<QuickOrderAddResult>;
}

/** A checked line with its tool looked up in the report's `tools`, which carries each once. */
type Row = QuickOrderLine & { text: string; tool?: QuickOrderTool };

const CHECK_DELAY_MS = 350;

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function QuickOrderPage({ onAdd }: QuickOrderPageProps) {
  const [text, setText] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<QuickOrderAddResult | null>(null);
  const latest = useRef(0);
  const addedRef = useRef<HTMLDivElement>(null);
  const textId = useId();
  const fileId = useId();
  const helpId = useId();

  // Each change is checked a moment after typing stops; only the newest answer is shown.
  useEffect(() => {
    const parsed = parseLines(text);
    const request = ++latest.current;
    if (parsed.length === 0) {
      setRows([]);
      setProblem(null);
      setChecking(false);
      return;
    }
    if (parsed.length > MAX_QUICK_ORDER_CHECK_LINES) {
      setRows([]);
      setChecking(false);
      setProblem(
        `That is ${formatCount(parsed.length)} lines: check at most ${formatCount(MAX_QUICK_ORDER_CHECK_LINES)} at a time.`,
      );
      return;
    }
    setChecking(true);
    const timer = setTimeout(() => {
      const sent = parsed.filter((line) => line.sku && Number.isFinite(line.quantity));
      const ask = sent.length
        ? checkQuickOrder({ lines: sent.map(({ sku, quantity }) => ({ sku, quantity })) })
        : Promise.resolve({ lines: [], tools: [], okLines: 0, total: 0 });
      ask.then(
        (report) => {
          if (request !== latest.current) return;
          const tools = new Map(report.tools.map((tool) => [tool._id, tool]));
          let next = 0;
          setRows(
            parsed.map((line): Row => {
              if (!line.sku || !Number.isFinite(line.quantity))
                return {
                  text: line.text,
                  sku: line.sku,
                  quantity: 0,
                  status: 'bad-quantity',
                  message: line.sku ? 'Give a quantity after the SKU' : 'Give a SKU',
                };
              const answer = report.lines[next++];
              return answer
                ? {
                    ...answer,
                    text: line.text,
                    tool: answer.toolId ? tools.get(answer.toolId) : undefined,
                  }
                : {
                    text: line.text,
                    sku: line.sku,
                    quantity: line.quantity,
                    status: 'unknown',
                    message: 'Not checked',
                  };
            }),
          );
          setProblem(null);
          setChecking(false);
        },
        (error: unknown) => {
          if (request !== latest.current) return;
          setProblem(error instanceof Error ? error.message : 'The lines could not be checked.');
          setChecking(false);
        },
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The button just pressed is disabled once its lines leave: the result takes the focus.
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  // A line rounded up to whole packs (`adjusted`) goes to the cart at its rounded quantity.
  const ok = rows.filter((row) => row.status === 'ok' || row.status === 'adjusted');
  const toAdd = ok.slice(0, MAX_CART_LINES);
  const refused = rows.length - ok.length;
  const total =
    toAdd.reduce((cents, row) => cents + Math.round((row.lineTotal ?? 0) * 100), 0) / 100;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const content = await file.text();
    setAdded(null);
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${content}` : content));
  };

  const add = async () => {
    setAdding(true);
    setProblem(null);
    try {
      const result = await onAdd(toAdd.map((row) => ({ tool: row.tool!, quantity: row.quantity })));
      setAdded(result);
      // The lines added leave the box; the others stay with their reasons.
      const kept = new Set(toAdd);
      setText(
        rows
          .filter((row) => !kept.has(row))
          .map((row) => row.text)
          .join('\n'),
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The lines could not be added.');
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className="container section quick-order" aria-labelledby="quick-order-title">
      <title>Quick order · Toolworks</title>
      <h1 id="quick-order-title">Quick order</h1>
      <p className="muted" id={helpId}>
        One line per part: the SKU and the quantity, separated by a comma, a space or a tab (paste
        straight from a spreadsheet). Up to {formatCount(MAX_CART_LINES)} lines go to the cart at a
        time.
      </p>
      <div className="quick-order-input card">
        <div className="card-body">
          <div className="field">
            <label className="label" htmlFor={textId}>
              SKUs and quantities
            </label>
            <textarea
              id={textId}
              className="input quick-order-text"
              aria-describedby={helpId}
              rows={8}
              spellCheck={false}
              placeholder={'PF-DRL-18, 40\nHT-HMR-16\t100'}
              value={text}
              onChange={(event) => {
                setAdded(null);
                setText(event.target.value);
              }}
            />
          </div>
          <div className="field">
            <label className="label" htmlFor={fileId}>
              Or upload a CSV file (SKU, quantity; a header row is fine)
            </label>
            <input
              id={fileId}
              className="input"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(event) => void upload(event)}
            />
          </div>
        </div>
      </div>

      <div className="quick-order-status" role="status" aria-live="polite">
        {checking
          ? 'Checking lines…'
          : rows.length
            ? `${count(ok.length, 'line', 'lines')} ready, ${count(refused, 'line', 'lines')} to fix.`
            : ''}
      </div>
      {problem ? (
        <p role="alert" className="alert alert-error">
          {problem}
        </p>
      ) : null}
      {added ? (
        <div role="alert" className="alert alert-info" tabIndex={-1} ref={addedRef}>
          <p className="alert-title">
            {count(added.added, 'line', 'lines')} added to your cart.{' '}
            <Link to={paths.cart}>Go to the cart</Link>
          </p>
          {added.notes.length ? (
            <ul>
              {added.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {rows.length ? (
        <div className="quick-order-table-wrap">
          <table className="quick-order-table">
            <caption className="visually-hidden">Checked lines</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">SKU</th>
                <th scope="col">Tool</th>
                <th scope="col" className="num">
                  Quantity
                </th>
                <th scope="col" className="num">
                  Unit price
                </th>
                <th scope="col" className="num">
                  Line total
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr
                  key={`${i}:${row.text}`}
                  className={
                    row.status === 'ok' || row.status === 'adjusted' ? 'is-ok' : 'is-refused'
                  }
                >
                  <td data-label="Line">{i + 1}</td>
                  <td data-label="SKU" className="mono">
                    {row.tool?.sku ?? row.sku}
                  </td>
                  <td data-label="Tool">{row.tool?.name ?? '—'}</td>
                  <td data-label="Quantity" className="num">
                    {row.quantity ? formatCount(row.quantity) : '—'}
                  </td>
                  <td data-label="Unit price" className="num">
                    {row.unitPrice === undefined
                      ? '—'
                      : row.tool
                        ? formatPriceFor(row.unitPrice, row.tool)
                        : formatPrice(row.unitPrice)}
                  </td>
                  <td data-label="Line total" className="num">
                    {row.lineTotal !== undefined ? formatPrice(row.lineTotal) : '—'}
                  </td>
                  <td data-label="Status">{row.status === 'ok' ? 'OK' : row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <div className="quick-order-actions">
        {ok.length > MAX_CART_LINES ? (
          <p className="muted">
            {formatCount(ok.length)} lines are ready: the first {formatCount(MAX_CART_LINES)} go to
            the cart now, the rest stay in the box for the next go.
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          disabled={toAdd.length === 0 || checking || adding}
          onClick={() => void add()}
        >
          {adding
            ? 'Adding…'
            : `Add ${count(toAdd.length, 'line', 'lines')} to cart${toAdd.length ? ` (${formatPrice(total)})` : ''}`}
        </button>
      </div>
    </section>
  );
}
