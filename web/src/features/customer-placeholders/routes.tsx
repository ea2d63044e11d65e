import type { RouteObject } from 'react-router';
import { NotBuiltYetPage } from '../../components/placeholder-page.tsx';

// Customer pages nobody has built yet (SPEC.md section 2 "Customer area").
export const customerPlaceholderRoutes: RouteObject[] = [
  { path: 'file-sharing', element: <NotBuiltYetPage name="File Sharing" /> },
];
