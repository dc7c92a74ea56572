import { useState, type KeyboardEvent } from 'react';
import { heroSlides } from './hero-slides';
import './marketing.css';

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

// WAI-ARIA carousel pattern without auto-rotation: the slide only changes when asked, and the
// live region announces "Slide n of 3" when it does.
export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const count = heroSlides.length;
  const go = (step: number) => setIndex((current) => (current + step + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    if (event.key === 'ArrowRight') go(1);
  };

  return (
    <section
      className="hero surface-dark"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onKeyDown={onKeyDown}
    >
      <div className="container hero-inner">
        <div className="hero-slides" aria-live="polite">
          {heroSlides.map((slide, i) => (
            <div
              key={slide.id}
              className="hero-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`Slide ${i + 1} of ${count}`}
              hidden={i !== index}
            >
              <div className="hero-copy">
                <p className="eyebrow">{slide.eyebrow}</p>
                <h2 className="hero-headline">{slide.headline}</h2>
                <p className="lead">{slide.text}</p>
                <a className="btn btn-primary" href="#tools">
                  Browse the catalogue
                </a>
              </div>
              <img
                className="hero-image"
                src={slide.image}
                alt={slide.imageAlt}
                width={600}
                height={400}
                // The first slide is the home page's largest paint: fetch it first, the rest lazily.
                fetchPriority={i === 0 ? 'high' : 'low'}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            </div>
          ))}
        </div>
        <div className="hero-controls">
          <button
            type="button"
            className="icon-button"
            aria-label="Previous slide"
            onClick={() => go(-1)}
          >
            <Arrow direction="left" />
          </button>
          <ol className="hero-dots">
            {heroSlides.map((slide, i) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="hero-dot"
                  aria-label={`Show slide ${i + 1}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="icon-button"
            aria-label="Next slide"
            onClick={() => go(1)}
          >
            <Arrow direction="right" />
          </button>
        </div>
      </div>
    </section>
  );
}
