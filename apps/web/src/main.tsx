// first: zod's setting must be in place before any schema is built
import './app/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
// the theme's colours and fonts and the CSS baseline, for the pages without MUI (the sign-in page)
import './components/theme/baseline.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
