/**
 * The user agreement or the privacy policy in a bottom sheet over a form, so reading them never
 * leaves the form; their own pages stay for links from elsewhere. A link opens the sheet, and still
 * points to the page (open in a new tab, copy the address).
 */
import { Anchor, Drawer } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { LegalText, type LegalDoc } from './LegalText';
import classes from '../pages/auth.module.css';

const PAGE: Record<LegalDoc, string> = { agreement: paths.home.agreement, policy: paths.mine.policy };

/** A link to a legal text that opens it in the sheet (`onOpen`); react-i18next's Trans fills in `children`. */
export function LegalLink({ doc, onOpen, children }: { doc: LegalDoc; onOpen: (doc: LegalDoc) => void; children?: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={PAGE[doc]}
      inherit
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        // A plain click opens the sheet; a modified click (new tab, new window) keeps the page link.
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        onOpen(doc);
      }}
      data-testid={`open-${doc}`}
    >
      {children}
    </Anchor>
  );
}

export function LegalSheet({ doc, onClose }: { doc: LegalDoc | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={doc !== null}
      onClose={onClose}
      position="bottom"
      size="85%"
      radius="lg"
      title={doc ? t(`routes.${doc}`) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      classNames={{ body: classes.sheetBody, title: classes.sheetTitle }}
      data-testid="legal-sheet"
    >
      {doc && <LegalText doc={doc} />}
    </Drawer>
  );
}
