import { useParams } from 'react-router-dom';
import { ToolPage } from '@/features/catalogue/components/tool-page';

export function Component() {
  const { id = '' } = useParams();
  return <ToolPage key={id} toolId={id} />;
}
