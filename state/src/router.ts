/**
 * The router every app uses, shared as one singleton. Re-exporting only what the apps use lets
 * each build drop the rest of react-router: a shared package is never tree-shaken by its users,
 * so the list itself is the tree-shaking (docs/architecture.md §2).
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type Location,
} from 'react-router';
