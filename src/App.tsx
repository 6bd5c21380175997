export const App = () => <div>Payment-Gateway</div>;
