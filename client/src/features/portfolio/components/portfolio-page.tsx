import { portfolio } from '../portfolio-data';
import './portfolio.css';

export function PortfolioPage() {
  const { name, role, location, email, about, education, skills, projects } = portfolio;
  return (
    <div className="portfolio">
      <title>{`${name} · My Portfolio · Toolworks`}</title>
      <header className="portfolio-hero surface-dark">
        <div className="container portfolio-hero-inner">
          <p className="eyebrow">My Portfolio</p>
          <h1>{name}</h1>
          <p className="lead">{role}</p>
          <p className="portfolio-meta">
            <span>{location}</span>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
          <p className="portfolio-about">{about}</p>
        </div>
      </header>
      <div className="container section portfolio-body">
        <section aria-labelledby="education-title" className="portfolio-block">
          <h2 id="education-title">Education</h2>
          <ul className="portfolio-timeline">
            {education.map((item) => (
              <li key={item.degree}>
                <h3>{item.degree}</h3>
                <p className="muted">
                  {item.school} · {item.years}
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="skills-title" className="portfolio-block">
          <h2 id="skills-title">Skills</h2>
          {skills.map((group) => (
            <div key={group.group} className="portfolio-skills">
              <h3>{group.group}</h3>
              <ul className="tag-list">
                {group.items.map((skill) => (
                  <li key={skill} className="tag">
                    {skill}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
        <section aria-labelledby="projects-title" className="portfolio-block portfolio-projects">
          <h2 id="projects-title">Projects</h2>
          <ul className="project-grid">
            {projects.map((project) => (
              <li key={project.name} className="card">
                <div className="card-body">
                  <h3>{project.name}</h3>
                  <p className="muted">{project.summary}</p>
                  <p className="project-stack">{project.stack.join(' · ')}</p>
                  <a
                    className="project-link"
                    href={project.url}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    Visit {project.name}{' '}
                    <span className="visually-hidden">(opens in a new tab)</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
