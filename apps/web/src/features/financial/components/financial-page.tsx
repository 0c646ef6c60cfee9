import { useTranslation } from 'react-i18next';
import { StepPage } from '../../steps/components/step-page';

// Scaffold by the lead: the owner of this step replaces it with the step's form.
export default function Page() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="financial" title={t('title_financial')}>
      {() => null}
    </StepPage>
  );
}
