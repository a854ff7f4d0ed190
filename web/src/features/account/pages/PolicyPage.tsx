import { LegalText } from '../components/LegalText';

export default function PolicyPage() {
  return <LegalText doc="policy" />;
}
