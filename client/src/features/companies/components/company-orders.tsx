import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime, formatPrice } from '@/lib/format';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { useCompanyOrders } from '../api/approvals';

/** Every order of the company, newest first, with who placed it (company-admins). */
export function CompanyOrders() {
  const orders = useCompanyOrders();

  let content;
  if (orders.isPending) content = <p className="muted">Loading the company’s orders…</p>;
  else if (orders.isError)
    content = (
      <div role="alert" className="alert alert-error">
        <p>{orders.error.message}</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void orders.refetch()}
        >
          Try again
        </button>
      </div>
    );
  else if (orders.data.length === 0)
    content = <p className="muted">Nobody in the company has ordered yet.</p>;
  else
    content = (
      <div className="company-orders-wrap">
        <table className="company-orders">
          <caption className="visually-hidden">Orders placed by the company’s members</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Buyer</th>
              <th scope="col">Placed</th>
              <th scope="col">Status</th>
              <th scope="col" className="company-orders-total">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order) => (
              <tr key={order._id}>
                <th scope="row">
                  <Link to={paths.dashboard.order(order._id)}>{order.number}</Link>
                </th>
                <td>
                  {order.userName}
                  <span className="company-orders-email">{order.userEmail}</span>
                </td>
                <td>
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </td>
                <td>{ORDER_STATUS_LABELS[order.status]}</td>
                <td className="company-orders-total">{formatPrice(order.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="card" aria-labelledby="company-orders-title">
      <div className="card-body company-section">
        <h2 id="company-orders-title">Company orders</h2>
        {content}
      </div>
    </section>
  );
}
