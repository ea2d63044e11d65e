import { ComingSoonPage } from '../../../components/placeholder-page.tsx';

export function PrivacyPage() {
  return <ComingSoonPage name="Privacy Policy" />;
}
