/**
 * Identity verification: primary (real name, ID number, front and back photos), then advanced
 * (hand-held photo). Submissions wait for a review on the virtual clock. The review is
 * deterministic: an ID number ending in 000 is rejected (unclear photos), anything else verified;
 * a hand-held photo that is one of the ID photos again is rejected, any other verified.
 */
import { checkText, textErrorMessage, TEXT_RULES } from '../../../../common/text.ts';
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { Accounts, User, UserRecord } from '../account/accounts.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Uploads } from '../kernel/uploads.ts';

type IdentityRequest = components['schemas']['IdentityRequest'];

const REJECTED_ID_SUFFIX = '000';
/** Why a review is rejected: its code (ReasonCode) and its English wording. */
export const REJECTED = {
  photos_unclear: 'The ID photos are unclear, please upload them again',
  not_hand_held: 'The photo must show you holding your ID, not the ID alone',
} as const;

/** How long an identity review takes on the virtual clock. */
export const IDENTITY_REVIEW_MS = 60_000;

export class Identity {
  constructor(
    private readonly accounts: Accounts,
    private readonly uploads: Uploads,
    /** Runs `decide` when the review is due (or at once in the instant-review scenario). */
    private readonly review: (decide: () => void) => void,
    /** A review was decided. */
    private readonly onDecided: (userId: string, verified: boolean) => void = () => {},
  ) {}

  submit(userId: string, req: IdentityRequest): User {
    const user = this.accounts.get(userId);
    if (req.level === 'primary') this.primary(user, req);
    else this.advanced(user, req);
    return this.accounts.view(user);
  }

  private primary(user: UserRecord, req: IdentityRequest): void {
    if (user.verification === 'pending') throw new DomainError('review_pending', 'Your verification is under review, please wait');
    if (user.verification === 'verified') throw new DomainError('already_verified', 'Your identity is already verified');
    if (!req.realName) throw new DomainError('field_required', 'Please enter your real name');
    const name = checkText(req.realName, TEXT_RULES.realName);
    if (name.error) throw new DomainError(name.error.code, textErrorMessage(name.error, 'the real name')).with({ field: 'realName', ...name.error.params });
    const realName = name.value;
    if (!req.idNumber) throw new DomainError('field_required', 'Please enter your ID number');
    const [front, back] = this.uploads.claimAll(user.id, [
      [req.frontImage, 'front of your ID'],
      [req.backImage, 'back of your ID'],
    ]);
    user.idPhotos = [front.id, back.id];
    user.realName = realName;
    user.idNumber = req.idNumber.toUpperCase();
    user.verification = 'pending';
    delete user.verificationReason;
    delete user.verificationReasonCode;
    this.review(() => {
      if (user.idNumber!.endsWith(REJECTED_ID_SUFFIX)) {
        user.verification = 'rejected';
        user.verificationReason = REJECTED.photos_unclear;
        user.verificationReasonCode = 'photos_unclear';
      } else user.verification = 'verified';
      this.onDecided(user.id, user.verification === 'verified');
    });
  }

  private advanced(user: UserRecord, req: IdentityRequest): void {
    if (user.verification !== 'verified') {
      throw new DomainError('primary_required', 'Complete real-name verification before advanced verification');
    }
    if (user.advancedVerification === 'pending') throw new DomainError('review_pending', 'Your verification is under review, please wait');
    if (user.advancedVerification === 'verified') throw new DomainError('already_verified', 'Advanced verification is already done');
    const hand = this.uploads.claim(user.id, req.handImage, 'photo of you holding your ID');
    const idPhotoAgain = (user.idPhotos ?? []).some((id) => this.uploads.get(user.id, id).dataUrl === hand.dataUrl);
    user.advancedVerification = 'pending';
    delete user.advancedVerificationReason;
    delete user.advancedVerificationReasonCode;
    this.review(() => {
      if (idPhotoAgain) {
        user.advancedVerification = 'rejected';
        user.advancedVerificationReason = REJECTED.not_hand_held;
        user.advancedVerificationReasonCode = 'not_hand_held';
      } else user.advancedVerification = 'verified';
      this.onDecided(user.id, user.advancedVerification === 'verified');
    });
  }
}
