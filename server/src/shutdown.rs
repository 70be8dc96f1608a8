//! The shutdown trigger: Ctrl-C in a terminal, SIGTERM from systemd, Docker or Kubernetes.

/// Completes on the first SIGINT or SIGTERM. If a handler cannot be installed, that signal is
/// simply not awaited (the other still works) rather than stopping the server at once.
pub async fn signal() {
    let interrupt = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::warn!(%error, "cannot listen for SIGINT");
            std::future::pending::<()>().await;
        }
    };

    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();

    tokio::select! {
        () = interrupt => tracing::info!("SIGINT received, finishing in-flight requests"),
        () = terminate => tracing::info!("SIGTERM received, finishing in-flight requests"),
    }
}
