import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookPage } from './book-page';
import './book.css';

createRoot(document.getElementById('book-root')!).render(
  <StrictMode>
    <BookPage />
  </StrictMode>,
);
