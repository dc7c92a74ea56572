import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useToolSuggestions } from '../api/suggest-tools';
import './site-search.css';

interface Option {
  key: string;
  label: string;
  kind: 'Tool' | 'Category';
  to: string;
}

/** Waits for a pause in typing, so one word costs one request, not one per letter. */
function useSettled(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface SiteSearchProps {
  /** Names the search landmark: the header's and the catalogue's must differ. */
  label: string;
  /** The term the box starts with (the catalogue's current search; key the box on it). */
  initial?: string;
  /** Called after a search or a pick (the header closes its phone panel). */
  onDone?: () => void;
}

/**
 * A search box with typeahead, the ARIA 1.2 combobox pattern: the list of tool names and
 * categories opens under the box, Up and Down move through it (focus stays in the box), Enter
 * opens the highlighted one or, with none, the catalogue's results, Escape closes the list.
 * Misspellings are the server's to forgive (GET /tools/suggest).
 */
export function SiteSearch({ label, initial = '', onDone }: SiteSearchProps) {
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const settled = useSettled(text, 200);
  // Asked only while the list may open: a box prefilled with the searched term asks nothing.
  const suggestions = useToolSuggestions(settled, open);

  const options: Option[] =
    settled.trim().length >= 2 && suggestions.data
      ? [
          ...suggestions.data.categories.map((c) => ({
            key: `c-${c.slug}`,
            label: c.name,
            kind: 'Category' as const,
            to: `${paths.tools}?${new URLSearchParams({ category: c.slug })}`,
          })),
          ...suggestions.data.tools.map((t) => ({
            key: `t-${t._id}`,
            label: t.name,
            kind: 'Tool' as const,
            to: paths.tool(t._id),
          })),
        ]
      : [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const finish = (to: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(to);
    onDone?.();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    if (chosen) {
      setText('');
      finish(chosen.to);
      return;
    }
    const term = text.trim();
    finish(term ? `${paths.tools}?${new URLSearchParams({ search: term })}` : paths.tools);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : options.length - 1);
        return;
      }
      // Past either end the highlight leaves the list, back to what was typed.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  return (
    <form
      ref={rootRef}
      role="search"
      aria-label={label}
      className="site-search"
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Search tools
      </label>
      <input
        id={inputId}
        className="input site-search-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder="Search tools…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary btn-sm site-search-submit">
        {/* The header's wide layout shows only the icon (layout.css); the name stays "Search". */}
        <span className="site-search-submit-icon" aria-hidden="true" />
        <span className="site-search-submit-text">Search</span>
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="site-search-list"
        hidden={!expanded}
      >
        {options.map((option, i) => (
          <li
            key={option.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'site-search-option is-active' : 'site-search-option'}
            // mousedown would blur the box and close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setText('');
              finish(option.to);
            }}
          >
            <span>{option.label}</span>
            <span className="site-search-kind">{option.kind}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
