import BankUpdatePage from './bank-update-page';
import DepositIntroPage from './deposit-intro-page';
import OpenedPage from './opened-page';
import RemitAccountPage from './remit-account-page';
import RemitUploadPage from './remit-upload-page';
import RemittedPage from './remitted-page';

export type DepositScreenName =
  | 'active'
  | 'remit'
  | 'remitAccount'
  | 'remitUpload'
  | 'remitUploadAgain'
  | 'remitted'
  | 'activated'
  | 'opened'
  | 'bankUpdate';

/**
 * Every screen of the identity deposit and the account's opening (spec §2), one lazy chunk for
 * the router: one import on the first load instead of one per route (the /login budget,
 * decision 015); the screens are small and a person moves between them.
 */
export default function DepositScreen({ screen }: { screen: DepositScreenName }) {
  switch (screen) {
    case 'active':
    case 'remit':
      return <DepositIntroPage screen={screen} />;
    case 'remitAccount':
      return <RemitAccountPage />;
    case 'remitUpload':
      return <RemitUploadPage />;
    case 'remitUploadAgain':
      return <RemitUploadPage again />;
    case 'remitted':
    case 'activated':
      return <RemittedPage screen={screen} />;
    case 'opened':
      return <OpenedPage />;
    case 'bankUpdate':
      return <BankUpdatePage />;
  }
}
