import { useTranslation } from 'react-i18next';
import classes from '../pages/account.module.css';

export type LegalDoc = 'agreement' | 'policy';

/** A legal document from locales (`<doc>.sections`: heading and paragraphs). */
export function LegalText({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <article className={classes.prose} data-testid={`legal-${doc}`}>
      <p>{t(`${doc}.intro`)}</p>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <section key={s.title}>
            <h2>{s.title}</h2>
            <p>{s.body}</p>
          </section>
        ))}
      <p style={{ color: 'var(--mantine-color-dimmed)', fontSize: 13 }}>{t('legal.updated')}</p>
    </article>
  );
}
