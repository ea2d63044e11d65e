import { ComingSoonPage } from '../../../components/placeholder-page.tsx';

export function MailingListPage() {
  return <ComingSoonPage name="Mailing List" />;
}
