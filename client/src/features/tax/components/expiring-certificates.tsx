import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { formatMediumDay } from '@/lib/format';
import { useExpiringCertificates } from '../api/expiring-certificates';

const inDays = (days: number) =>
  days === 0 ? 'expires today' : days === 1 ? 'expires tomorrow' : `expires in ${days} days`;

/** Resale certificates lapsing within 30 days: the companies to ask for a new one. */
export function ExpiringCertificates() {
  const expiring = useExpiringCertificates();
  return (
    <section className="card" aria-labelledby="tax-expiring-title">
      <div className="card-body tax-section">
        <h2 id="tax-expiring-title">Certificates expiring soon</h2>
        {expiring.isPending ? (
          <p role="status">Loading the certificates…</p>
        ) : expiring.isError ? (
          <ErrorState
            title="We couldn't load the expiring certificates."
            message={expiring.error.message}
            onRetry={() => void expiring.refetch()}
            retrying={expiring.isFetching}
          />
        ) : expiring.data.certificates.length === 0 ? (
          <p>No resale certificate expires in the next 30 days.</p>
        ) : (
          <ul className="tax-expiring" aria-label="Certificates expiring within 30 days">
            {expiring.data.certificates.map((c) => (
              <li key={c._id} className="tax-expiring-item">
                <span className="tax-warning-badge">{inDays(c.daysLeft)}</span>{' '}
                <Link to={paths.dashboard.company(c.companyId)}>
                  {c.companyName || 'A company'}
                </Link>
                : certificate {c.number} ({c.state}), valid through {formatMediumDay(c.expiresOn)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
