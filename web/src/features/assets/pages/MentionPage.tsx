// Being built in this change; replaced by the real page.
export { default } from '../../../ui/NotAvailablePage';
