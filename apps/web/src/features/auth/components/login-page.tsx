import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { BrandHeader } from '../../../components/brand-logo';
import { useTranslation } from '../../../lib/i18n';
import { lazyWithQuery } from '../../../lib/lazy-with-query';
import { useIsLoggedIn } from '../../../lib/session';
import { LoginFooter } from './login-footer';
import { LoginForm } from './login-form';

// a returning person's view is a chunk of its own, with the query library it reads through: the
// first load of /login, logged out, is the form alone (decision 015)
const LoggedInView = lazyWithQuery(() =>
  import('./logged-in-view').then((m) => ({ default: m.LoggedInView })),
);

/** /login (spec §2): the form when logged out, the returning view when a token is stored. */
export function LoginPage() {
  const { t } = useTranslation('login');
  const loggedIn = useIsLoggedIn();
  const [search] = useSearchParams();
  // spec §6: a partner link naming a mobile means that person logs in, whatever is stored.
  const showForm = !loggedIn || search.has('mobile');
  return (
    <main className="login-page">
      <BrandHeader />
      <h1 className="login-title">{showForm ? t('title') : t('welcome_back')}</h1>
      {showForm ? (
        <LoginForm />
      ) : (
        <Suspense fallback={null}>
          <LoggedInView />
        </Suspense>
      )}
      <LoginFooter />
    </main>
  );
}
