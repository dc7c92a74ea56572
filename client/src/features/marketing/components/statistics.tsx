import type { ReactNode } from 'react';

const icon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="stat-icon">
    <g
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {path}
    </g>
  </svg>
);

const figures = [
  {
    value: '72',
    label: 'Countries',
    icon: icon(
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </>,
    ),
  },
  {
    value: '535+',
    label: 'Complete Projects',
    icon: icon(
      <>
        <rect x="5" y="4" width="14" height="17" rx="2" />
        <path d="M9 4V3h6v1M9 13l2 2 4-4" />
      </>,
    ),
  },
  {
    value: '273+',
    label: 'Happy Clients',
    icon: icon(
      <>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20c.8-3.6 3.3-5.5 6.5-5.5s5.7 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.7 3 2.4 3.5 5.2" />
      </>,
    ),
  },
  {
    value: '432+',
    label: 'Feedbacks',
    icon: icon(<path d="M4 5h16v11H9l-5 4V5zM8 9h8M8 12h5" />),
  },
];

export function Statistics() {
  return (
    <section className="section statistics" aria-labelledby="statistics-title">
      <div className="container">
        <div className="section-header statistics-header">
          <h2 id="statistics-title">Millions Business Trust Us</h2>
          <h3 className="statistics-subtitle">Try to Understand Users Expectation</h3>
        </div>
        <ul className="statistics-grid">
          {figures.map((figure) => (
            <li key={figure.label} className="stat">
              {figure.icon}
              <p className="stat-value">{figure.value}</p>
              <p className="stat-label">{figure.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
