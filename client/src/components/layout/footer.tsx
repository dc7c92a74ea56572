import { BrandMark } from './brand-mark';

// The spec's footer links lead nowhere. Rather than "#" links that jump to the top, they are
// marked unavailable: still readable and focusable, announced as "coming soon", inert on click.
const columns = [
  {
    title: 'Services',
    links: ['Custom tooling', 'Bulk orders', 'Repairs and servicing', 'Worldwide shipping'],
  },
  { title: 'Company', links: ['About us', 'Contact', 'Careers', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="brand">
            <BrandMark />
            <span>Toolworks</span>
          </p>
          <p>
            Professional hand and power tools, made in our own factory and sold direct to the trade.
          </p>
        </div>
        {columns.map((column) => (
          <section key={column.title} aria-labelledby={`footer-${column.title}`}>
            <h2 className="footer-title" id={`footer-${column.title}`}>
              {column.title}
            </h2>
            <ul className="footer-links">
              {column.links.map((label) => (
                <li key={label}>
                  <a role="link" aria-disabled="true" tabIndex={0} className="footer-link">
                    {label} <span className="visually-hidden">(coming soon)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="container footer-bottom">
        <p>© {year} Toolworks. All rights reserved.</p>
      </div>
    </footer>
  );
}
