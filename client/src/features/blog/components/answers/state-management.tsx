import { CodeBlock } from '@/components/ui/code-block';

const reducer = `
function cartReducer(state, action) {
  switch (action.type) {
    case 'add':
      return { ...state, items: [...state.items, action.item] };
    case 'remove':
      return { ...state, items: state.items.filter((i) => i.id !== action.id) };
    default:
      return state;
  }
}

const [cart, dispatch] = useReducer(cartReducer, { items: [] });
dispatch({ type: 'add', item: { id: 't-42', name: 'Torque wrench' } });`;

export function StateManagementAnswer() {
  return (
    <>
      <p>
        There is no single place for “the state”: different kinds of state have different homes, and
        choosing the right one for each keeps an app simple.
      </p>
      <ul className="blog-list">
        <li>
          <strong>Local component state</strong> with <code>useState</code> for simple values (an
          open menu, an input) and <code>useReducer</code> when several values change together
          through well-defined actions.
        </li>
        <li>
          <strong>Lifted state and props.</strong> When siblings need the same value, move it to
          their closest common parent and pass it down, with callbacks to change it.
        </li>
        <li>
          <strong>Context</strong> for values many components read but that change rarely: the
          signed-in user, the theme, the language. It avoids passing props through every level, but
          every consumer re-renders when the value changes.
        </li>
        <li>
          <strong>Server state</strong>, data that really lives on a server, belongs in a cache such
          as TanStack Query, SWR, RTK Query or router loaders, which handle loading, errors,
          caching, refetching and invalidation.
        </li>
        <li>
          <strong>URL state</strong>: the path, search parameters and hash hold what should survive
          a reload or be shareable, such as the current page or a search filter.
        </li>
        <li>
          <strong>Form state</strong> with a form library such as React Hook Form, which tracks
          values, validation and errors without re-rendering on every keystroke.
        </li>
        <li>
          <strong>Global client stores</strong> such as Redux Toolkit, Zustand, Jotai or MobX for
          complex state shared across distant parts of the app, with predictable updates and good
          debugging tools.
        </li>
        <li>
          <strong>Browser storage</strong> (<code>localStorage</code>, <code>sessionStorage</code>,
          IndexedDB) to keep state between visits.
        </li>
      </ul>
      <p>
        Whatever the tool, derive values during render instead of storing copies (a cart total is
        computed from the items), so there is only one source of truth to keep in sync.
      </p>
      <CodeBlock label="State changed through a reducer" code={reducer} />
    </>
  );
}
