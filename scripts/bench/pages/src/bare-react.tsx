import { createRoot } from 'react-dom/client';

/** Scenario 5 baseline: the smallest React page, the JavaScript any React app starts from. */
createRoot(document.getElementById('root')!).render(<h1>Hello</h1>);
