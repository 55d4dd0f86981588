/**
 * The web client: one page with five views (look up, usage, review, meaning in context, datasets), routed
 * by the URL hash, rendered with Hono's JSX for the DOM. Everything it shows comes from the service's own
 * routes; imported files are read here and never sent.
 */
import { render, useEffect, useState } from 'hono/jsx/dom'
import { parseRoute, type Route } from './lib/route'
import { ContextView } from './views/context'
import { DatasetsView } from './views/datasets'
import { LookupView } from './views/lookup'
import { ReviewView } from './views/review'
import { UsageView } from './views/usage'
import './style.css'

const VIEWS = [
  { view: 'lookup', href: '#/', label: 'Look up' },
  { view: 'usage', href: '#/usage', label: 'Usage' },
  { view: 'review', href: '#/review', label: 'Review' },
  { view: 'context', href: '#/context', label: 'Meaning in context' },
  { view: 'datasets', href: '#/datasets', label: 'Datasets' },
]

function currentRoute(previous?: Route): Route {
  return parseRoute(location.hash) ?? previous ?? (parseRoute('') as Route)
}

function App() {
  const [route, setRoute] = useState<Route>(currentRoute())
  useEffect(() => {
    // The first view is interactive once mounted: the bench reads this mark through the Performance API.
    performance.mark('app-interactive')
    document.documentElement.dataset.ready = 'true'
    const onHash = () => setRoute((previous) => currentRoute(previous))
    addEventListener('hashchange', onHash)
    return () => removeEventListener('hashchange', onHash)
  }, [])
  const active = route.view === 'word' ? 'lookup' : route.view
  useEffect(() => {
    const label = VIEWS.find((v) => v.view === active)?.label ?? 'Look up'
    document.title = `${label} · Lexicon service`
  }, [active])
  return (
    <>
      <header class="top">
        <p class="brand">Lexicon service</p>
        <nav aria-label="Views">
          <ul>
            {VIEWS.map((v) => (
              <li>
                <a href={v.href} aria-current={v.view === active ? 'page' : undefined}>
                  {v.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabindex={-1}>
        {active === 'lookup' && <LookupView route={route} />}
        {active === 'usage' && <UsageView route={route} />}
        {active === 'review' && <ReviewView />}
        {active === 'context' && <ContextView />}
        {active === 'datasets' && <DatasetsView route={route} />}
        {!VIEWS.some((v) => v.view === active) && (
          <section>
            <h1>Not found</h1>
            <p>
              There is no view called “{route.view}”. <a href="#/">Look up a word</a>.
            </p>
          </section>
        )}
      </main>
      <footer class="bottom">
        <p>
          Word data from WordNet 3.1, Princeton University. Imported files are read in this browser and never
          sent. For developers: <a href="/openapi.json">the service’s API description</a>.
        </p>
      </footer>
    </>
  )
}

const root = document.getElementById('app')
if (root) {
  root.textContent = ''
  render(<App />, root)
}
