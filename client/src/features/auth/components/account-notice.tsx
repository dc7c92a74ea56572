import './account-notice.css';
import { useAccountNotice, showAccountNotice } from '../account-notice-store';
import { SessionEndedBanner } from './session-ended-notice';

/**
 * The account notice as a dismissible banner in the shell, announced politely. In emulator mode
 * it says where the verification link is, since no email leaves the machine.
 */
export function AccountNoticeBanner() {
  const notice = useAccountNotice();
  return (
    <>
      <SessionEndedBanner />
      <div role="status" aria-live="polite" className="account-notice-region">
        {notice ? (
          <div className="account-notice">
            <p>{notice.text}</p>
            {notice.emulatorLinks ? (
              <p className="account-notice-emulator">
                Local emulator: no email is sent. Open{' '}
                <a href={notice.emulatorLinks} target="_blank" rel="noreferrer">
                  the emulator’s list of links
                </a>{' '}
                (<code>{notice.emulatorLinks}</code>) and follow the <code>oobLink</code> for your
                address.
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => showAccountNotice(null)}
            >
              Dismiss
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
