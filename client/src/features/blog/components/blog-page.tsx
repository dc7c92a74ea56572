import type { ReactNode } from 'react';
import { PrototypalInheritanceAnswer } from './answers/prototypal-inheritance';
import { ReactPerformanceAnswer } from './answers/react-performance';
import { StateManagementAnswer } from './answers/state-management';
import { UnitTestsAnswer } from './answers/unit-tests';
import './blog.css';

const questions: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    answer: <ReactPerformanceAnswer />,
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: <StateManagementAnswer />,
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: <PrototypalInheritanceAnswer />,
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should you write unit tests?',
    answer: <UnitTestsAnswer />,
  },
];

export function BlogPage() {
  return (
    <div className="container section blog">
      <title>Questions and Answer · Toolworks</title>
      <header className="section-header">
        <p className="eyebrow">From the Toolworks web team</p>
        <h1>Questions and Answer</h1>
        <p className="lead">
          Four questions we are often asked about how a shop like this one is built.
        </p>
      </header>
      <nav className="blog-toc" aria-label="Questions">
        <ol>
          {questions.map((q) => (
            <li key={q.id}>
              <a href={`#${q.id}`}>{q.question}</a>
            </li>
          ))}
        </ol>
      </nav>
      {questions.map((q, i) => (
        <article key={q.id} className="blog-article" aria-labelledby={q.id}>
          <h2 id={q.id} className="blog-question">
            <span className="blog-number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            {q.question}
          </h2>
          <div className="blog-answer">{q.answer}</div>
        </article>
      ))}
    </div>
  );
}
