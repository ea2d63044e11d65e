import { ComingSoonPage } from '../../../components/placeholder-page.tsx';

export function HomePage() {
  return <ComingSoonPage name="Home" />;
}
