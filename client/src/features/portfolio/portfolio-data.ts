// The shop owner edits this file to change the /my-portfolio page; nothing else holds its text.
export interface PortfolioProject {
  name: string;
  summary: string;
  url: string;
  stack: string[];
}

export interface PortfolioData {
  name: string;
  role: string;
  location: string;
  email: string;
  about: string;
  education: { degree: string; school: string; years: string }[];
  skills: { group: string; items: string[] }[];
  projects: PortfolioProject[];
}

export const portfolio: PortfolioData = {
  name: 'Alex Morgan',
  role: 'Full-stack web developer',
  location: 'Manchester, United Kingdom',
  email: 'alex.morgan@example.com',
  about:
    'I build fast, accessible web shops and the APIs behind them, from the product catalogue to card payments, and I like code that the next developer can read.',
  education: [
    {
      degree: 'BSc (Hons) Computer Science',
      school: 'University of Manchester',
      years: '2016 – 2019',
    },
    {
      degree: 'A levels: Mathematics, Physics, Computing',
      school: 'Loreto College, Manchester',
      years: '2014 – 2016',
    },
  ],
  skills: [
    {
      group: 'Front end',
      items: [
        'TypeScript',
        'React',
        'React Router',
        'TanStack Query',
        'HTML and CSS',
        'Accessibility',
      ],
    },
    {
      group: 'Back end',
      items: ['Node.js', 'Express', 'REST API design', 'SQLite', 'MongoDB', 'Stripe'],
    },
    {
      group: 'Practice',
      items: ['Testing (Vitest, Playwright)', 'CI', 'Git', 'Performance tuning'],
    },
  ],
  projects: [
    {
      name: 'Toolworks',
      summary:
        'This shop: a tool manufacturer’s catalogue with ordering, card payment and an admin dashboard.',
      url: 'https://example.com/projects/toolworks',
      stack: ['React', 'Express', 'SQLite', 'Stripe'],
    },
    {
      name: 'Stockroom',
      summary:
        'Inventory tracking for small warehouses, with barcode scanning and low-stock alerts.',
      url: 'https://example.com/projects/stockroom',
      stack: ['React', 'Node.js', 'MongoDB'],
    },
    {
      name: 'Fieldbook',
      summary: 'An offline-first job sheet app for tradespeople that syncs when back online.',
      url: 'https://example.com/projects/fieldbook',
      stack: ['TypeScript', 'IndexedDB', 'Service workers'],
    },
  ],
};
