import { ComingSoonPage } from '../../../components/placeholder-page.tsx';

export function ContactPage() {
  return <ComingSoonPage name="Contact Us" />;
}
