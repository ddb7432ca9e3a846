// The Latin subset only (issue 25): the interface is English, and the other subsets' faces were
// precached for nothing. A name in another script still shows, in the system font. Each face is
// `font-display: swap`: text paints at once in the fallback and takes the font when it arrives.
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-600.css';
import '@fontsource/righteous/latin-400.css';
import './styles.css';
import './ui/controls.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from './app.js';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
// The first render replaces index.html's static splash (the children of #root), once the page's
// own chunk is loaded (see startApp).
void startApp(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
