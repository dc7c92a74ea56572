import { CodeBlock } from '@/components/ui/code-block';

const splitting = `
import { lazy, Suspense } from 'react';

// The reports screen (and its charting library) downloads only when someone opens it.
const Reports = lazy(() => import('./reports'));

export function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <Reports />
    </Suspense>
  );
}`;

const memo = `
const Row = memo(function Row({ item, onSelect }) {
  return <li onClick={() => onSelect(item.id)}>{item.name}</li>;
});

function List({ items, query }) {
  const visible = useMemo(() => items.filter((i) => i.name.includes(query)), [items, query]);
  const onSelect = useCallback((id) => setSelected(id), []);
  return <ul>{visible.map((item) => <Row key={item.id} item={item} onSelect={onSelect} />)}</ul>;
}`;

export function ReactPerformanceAnswer() {
  return (
    <>
      <p>
        Start by measuring, not guessing. Build for production (development builds are much slower),
        then use the React DevTools Profiler to see which components render, how often and for how
        long, and Lighthouse or the browser’s Performance panel to see load time, long tasks and
        layout shifts. Fix the biggest cost first and measure again.
      </p>
      <p>
        <strong>Send less JavaScript.</strong> Split the bundle by route with{' '}
        <code>React.lazy</code> and dynamic <code>import()</code> so a visitor downloads only the
        screen they open, check the bundle for heavy or duplicated dependencies, and let the bundler
        tree-shake unused code.
      </p>
      <CodeBlock label="Code splitting with React.lazy" code={splitting} />
      <p>
        <strong>Avoid needless re-renders.</strong> Keep state as close as possible to the
        components that use it, so an update re-renders a small subtree. Split large contexts so a
        change in one value does not re-render every consumer. Where the profiler shows an expensive
        component re-rendering with the same props, wrap it in <code>memo</code> and keep its props
        stable with <code>useMemo</code> and <code>useCallback</code> (or let the React Compiler add
        that memoisation for you).
      </p>
      <CodeBlock label="Memoising a list row" code={memo} />
      <p>
        <strong>Render less at once.</strong> Give list items stable <code>key</code>s taken from
        the data, never the array index when the list can change. Paginate or virtualise long lists
        (for example with <code>react-window</code>) so only the visible rows exist in the DOM. Use{' '}
        <code>useTransition</code> or <code>useDeferredValue</code> to keep typing responsive while
        a slow result renders.
      </p>
      <p>
        <strong>Load data and assets wisely.</strong> Cache server data with a library such as
        TanStack Query so each screen fetches once instead of on every render, fetch in parallel
        rather than in waterfalls, and compress and size images, lazy-loading those below the fold
        and giving them dimensions so the page does not jump.
      </p>
    </>
  );
}
