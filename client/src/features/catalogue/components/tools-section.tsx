import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ToolSearch } from './tool-search';
import { ToolsGrid } from './tools-grid';
import './catalogue.css';

export function ToolsSection() {
  return (
    <section id="tools" className="section tools-section" aria-labelledby="tools-title">
      <div className="container">
        <header className="tools-section-header">
          <div className="section-header">
            <p className="eyebrow">The catalogue</p>
            <h2 id="tools-title">Tools built for the trade</h2>
            <p className="lead">
              Factory-direct prices, sold by the box. Every tool shows its minimum order and the
              stock we hold today.
            </p>
          </div>
          <ToolSearch />
        </header>
        <ToolsGrid />
        <p className="tools-section-more">
          <Link className="btn btn-secondary" to={paths.tools}>
            See all tools
          </Link>
        </p>
      </div>
    </section>
  );
}
