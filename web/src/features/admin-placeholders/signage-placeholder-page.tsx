import { NotBuiltYetPage } from '../../components/placeholder-page.tsx';

/** /signage/ring-assignments: public, no login (SPEC.md section 2 "Signage screen"). */
export function SignagePlaceholderPage() {
  return <NotBuiltYetPage name="Ring Assignments" />;
}
