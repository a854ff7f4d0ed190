import { describe, expect, it } from 'vitest';
import { pseudoText } from './pseudo';

describe('the pseudo locale', () => {
  it('accents every letter and brackets the string', () => {
    expect(pseudoText('Log in 2')).toBe('⟦Ĺóġ íń 2⟧');
  });

  it('leaves the tags of a Trans string alone, so its links still render', () => {
    expect(pseudoText('I agree to the <agreement>Terms</agreement> and <b>x</b><br/>')).toBe('⟦Í àġŕéé ţó ţḣé <agreement>Ţéŕḿš</agreement> àńḋ <b>ẋ</b><br/>⟧');
  });
});
