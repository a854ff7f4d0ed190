/**
 * React and react-dom, evaluated by a module script of their own before the app's (index.html):
 * the browser runs each module script in a task of its own, so a phone evaluates them in two shorter
 * tasks instead of one long one. Both are fetched from the start (they are in the page's markup).
 */
import 'react';
import 'react-dom/client';
import 'react/jsx-runtime';
