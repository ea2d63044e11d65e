import { usePageMeta } from '../lib/page-meta.ts';
import { Card, CardContent, CardHeader } from './ui/card.tsx';

/**
 * A visible stand-in for a page whose feature is not built yet. It says so plainly; it is
 * never a finished page.
 */
export function PlaceholderPage({ name, note }: { name: string; note: string }) {
  usePageMeta(name, `${name}: this page is not built yet.`);
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">{name}</h1>
      </CardHeader>
      <CardContent>
        <p>{note}</p>
      </CardContent>
    </Card>
  );
}

/** "Coming soon": a page another engineer is building. */
export function ComingSoonPage({ name }: { name: string }) {
  return <PlaceholderPage name={name} note={`Coming soon: the ${name} page is being built.`} />;
}

/** "Not built yet": a staff page nobody has built yet. */
export function NotBuiltYetPage({ name }: { name: string }) {
  return <PlaceholderPage name={name} note={`Not built yet: the ${name} page does not exist yet.`} />;
}
