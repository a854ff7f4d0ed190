import { LegalText } from '../components/LegalText';

export default function AgreementPage() {
  return <LegalText doc="agreement" />;
}
