import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { writeCatalogue, type CatalogueState } from './catalogue-params';

interface SearchCorrectedProps {
  state: CatalogueState;
  /** What the server searched instead of `state.search`, which found nothing. */
  corrected: string;
}

/** "Showing results for drill", and the way back to the search as typed. */
export function SearchCorrected({ state, corrected }: SearchCorrectedProps) {
  const asTyped = writeCatalogue({ ...state, exact: true, page: 1 });
  return (
    <p className="catalogue-corrected">
      Showing results for <b>{corrected}</b>.{' '}
      <Link to={`${paths.tools}?${asTyped}`}>Search instead for {state.search}</Link>
    </p>
  );
}
