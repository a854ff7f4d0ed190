/** The heading block of a password page: an optional "Step n of 2", the title and a short intro. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './password.module.css';

export function PageIntro({ step, title, children }: { step?: 1 | 2; title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {step && <p className={classes.step}>{t('password.common.step', { step, total: 2 })}</p>}
      <h2 className={classes.title}>{title}</h2>
      {children && <p className={classes.intro}>{children}</p>}
    </>
  );
}
